import { GENERATED_PASSWORD_CHARS, GENERATED_PASSWORD_LENGTH } from '../../../shared/constants';

/**
 * A random password of 12 characters from letters, digits and !@#$%^&*
 * (spec part 1 §9). Rejection sampling keeps every character equally likely.
 */
export function generatePassword(
  length = GENERATED_PASSWORD_LENGTH,
  chars = GENERATED_PASSWORD_CHARS,
  random: (buf: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const limit = 256 - (256 % chars.length);
  let out = '';
  while (out.length < length) {
    for (const byte of random(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out += chars[byte % chars.length];
    }
  }
  return out;
}

/** Clipboard with a fallback for non-secure contexts (http on a LAN tablet). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const ta = document.createElement('textarea');
  ta.value = text;
  ta.setAttribute('readonly', '');
  ta.style.position = 'fixed';
  ta.style.opacity = '0';
  document.body.appendChild(ta);
  ta.select();
  const ok = document.execCommand('copy');
  ta.remove();
  if (!ok) throw new Error('copy failed');
}
