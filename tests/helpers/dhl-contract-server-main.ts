import { DHL_TEST_CREDENTIALS, startDhlContractServer } from './dhl-contract-server';

/**
 * Runs the DHL contract server as its own process (beside the e2e server):
 *   npx tsx tests/helpers/dhl-contract-server-main.ts [port]
 * prints one line `DHL_API_BASE_URL=http://127.0.0.1:<port>/parcel/de/shipping/v2`
 * and serves until SIGTERM/SIGINT. Credentials: DHL_TEST_CREDENTIALS (save
 * them as the DHL settings), or DHL_CONTRACT_API_KEY / _USER / _PASSWORD.
 * Control: POST {origin}/__contract/mode {"mode":"ok"|"partial"|…},
 * GET {origin}/__contract/requests.
 */
const port = Number(process.argv[2] ?? process.env.DHL_CONTRACT_PORT ?? 0);
const srv = await startDhlContractServer(
  {
    apiKey: process.env.DHL_CONTRACT_API_KEY ?? DHL_TEST_CREDENTIALS.apiKey,
    user: process.env.DHL_CONTRACT_USER ?? DHL_TEST_CREDENTIALS.user,
    password: process.env.DHL_CONTRACT_PASSWORD ?? DHL_TEST_CREDENTIALS.password,
  },
  port,
);
process.stdout.write(`DHL_API_BASE_URL=${srv.url}\n`);
const stop = () => {
  void srv.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
