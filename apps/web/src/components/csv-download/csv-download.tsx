import type { CsvSeparator } from '@lanparty/contract/rules';
import { Download } from 'lucide-react';
import { useId } from 'react';
import { describeError } from '../../lib/describe-error.ts';
import controls from '../controls.module.css';
import forms from '../forms.module.css';
import styles from './csv-download.module.css';
import { useCsvSeparatorChoice } from './csv-separator-choice.ts';
import { useDownloadCsv } from './download-csv.ts';

/** The dialects as an organiser recognises them: by their spreadsheet and how 27.50 reads. */
const separatorLabels: Record<CsvSeparator, string> = {
  comma: 'Most spreadsheets (comma, 27.50)',
  semicolon: 'Dutch spreadsheets (semicolon, 27,50)',
};

/**
 * A CSV export (a lan's participants, a food round's orders), in the spreadsheet dialect
 * chosen beside the button (remembered for next time); a refusal is said right below it.
 */
export function CsvDownload({ path, fileName }: { path: string; fileName: string }) {
  const download = useDownloadCsv();
  const [separator, setSeparator] = useCsvSeparatorChoice();
  const selectId = useId();
  return (
    <>
      <div className={styles.download}>
        <label className={styles.downloadLabel} htmlFor={selectId}>
          CSV for
        </label>
        <select
          id={selectId}
          className={`${forms.input} ${styles.downloadSelect}`}
          value={separator}
          onChange={(event) => setSeparator(event.target.value as CsvSeparator)}
        >
          {(Object.keys(separatorLabels) as CsvSeparator[]).map((value) => (
            <option key={value} value={value}>
              {separatorLabels[value]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={controls.buttonSecondary}
          disabled={download.isPending}
          onClick={() => download.mutate({ path, separator, fileName })}
        >
          <Download aria-hidden="true" size={18} />
          {download.isPending ? 'Downloading…' : 'Download CSV'}
        </button>
      </div>
      {download.isError ? (
        <p className={`${controls.alert} ${styles.downloadFailure}`} role="alert">
          The CSV could not be downloaded: {describeError(download.error)}
        </p>
      ) : null}
    </>
  );
}
