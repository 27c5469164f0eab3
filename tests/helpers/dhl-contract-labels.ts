import { PDFDocument, StandardFonts } from 'pdf-lib';

/** The labels the DHL contract server (dhl-contract-server.ts) answers with: PDF (base64) or ZPL2 (text). */

/** The parts of a DHL shipment the contract server looks at. */
export interface ContractShipment {
  refNo?: string;
  consignee?: { name1?: string; addressHouse?: string; addressStreet?: string; city?: string; postalCode?: string };
}

/** A one-page 103×150 mm label PDF naming the shipment, base64. */
export async function labelPdf(shipmentNo: string, s: ContractShipment): Promise<string> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([292, 425]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = [
    'DHL Paket (Testlabel)',
    `Sendung ${shipmentNo}`,
    `Ref. ${s.refNo ?? ''}`,
    s.consignee?.name1 ?? '',
    `${s.consignee?.addressStreet ?? ''} ${s.consignee?.addressHouse ?? ''}`,
    `${s.consignee?.postalCode ?? ''} ${s.consignee?.city ?? ''}`,
  ];
  for (const [i, t] of lines.entries()) page.drawText(t.replace(/[^\x20-\x7E\u00C0-\u00FF]/g, '?'), { x: 20, y: 390 - i * 22, size: 12, font });
  return Buffer.from(await doc.save()).toString('base64');
}

/** A 103×150 mm ZPL label (203 dpi) naming the shipment, with its number as Code 128. */
export function labelZpl(shipmentNo: string, s: ContractShipment): string {
  const esc = (t: string) => t.replace(/[\^~_]/g, ' ');
  const lines = [
    'DHL Paket (Testlabel)',
    `Sendung ${shipmentNo}`,
    `Ref. ${s.refNo ?? ''}`,
    s.consignee?.name1 ?? '',
    `${s.consignee?.addressStreet ?? ''} ${s.consignee?.addressHouse ?? ''}`,
    `${s.consignee?.postalCode ?? ''} ${s.consignee?.city ?? ''}`,
  ];
  return [
    '^XA',
    '^CI28',
    '^PW824',
    '^LL1200',
    ...lines.map((t, i) => `^FO40,${40 + i * 60}^A0N,40,40^FD${esc(t)}^FS`),
    `^BY3,3,250^FO60,500^BCN,250,Y,N,N^FD${shipmentNo}^FS`,
    '^XZ',
  ].join('\n');
}
