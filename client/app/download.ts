import { api } from './api';

/**
 * Saves a file the API answers (a CSV export, a report): fetched with the
 * session's token, since a plain link would go without it, then saved
 * through a blob URL under `filename`.
 */
export async function downloadFile(path: string, filename: string, accept = 'text/csv'): Promise<void> {
  const blob = await api.blob(path, { headers: { Accept: accept } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
