import type { CsvSeparator } from '@lanparty/contract/rules';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../lib/api-download.ts';
import { saveFile } from '../../lib/save-file.ts';

/** A CSV of the API (`/api/lans/{id}/participants.csv`, a food round's orders) in a dialect. */
export type DownloadCsvInput = { path: string; separator: CsvSeparator; fileName: string };

/**
 * GET {path}?separator=…, saved as a download under the name the server gives (else
 * `fileName`). Fetched rather than linked: the call needs the bearer token, which a plain
 * link does not carry.
 */
export async function downloadCsv({ path, separator, fileName }: DownloadCsvInput): Promise<void> {
  const download = await apiDownload(path, { query: { separator } });
  saveFile(download.blob, download.fileName ?? fileName);
}

export function useDownloadCsv() {
  return useMutation({ mutationFn: downloadCsv });
}
