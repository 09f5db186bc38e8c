import styles from './bar-chart.module.css';

export type Bar = { key: number | string; label: string; value: number; valueText: string };

type BarChartProps = {
  /** The visible caption of the figure. */
  caption: string;
  bars: readonly Bar[];
};

/**
 * A small horizontal bar chart. The labels and values are the text of an ordered list,
 * so screen readers read the data; the bars themselves are decorative SVG.
 */
export function BarChart({ caption, bars }: BarChartProps) {
  const largest = Math.max(0, ...bars.map((bar) => (Number.isFinite(bar.value) ? bar.value : 0)));
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{caption}</figcaption>
      <ol className={styles.bars}>
        {bars.map((bar) => {
          const share = largest > 0 && Number.isFinite(bar.value) ? bar.value / largest : 0;
          return (
            <li key={bar.key} className={styles.bar}>
              <span className={styles.label}>{bar.label}</span>
              <span className={styles.value}>{bar.valueText}</span>
              <svg className={styles.track} width="100%" height="10" aria-hidden="true">
                <rect className={styles.trackFill} width="100%" height="10" rx="5" />
                <rect
                  className={styles.fill}
                  width={`${Math.max(share * 100, 1)}%`}
                  height="10"
                  rx="5"
                />
              </svg>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
