import controls from './controls.module.css';

type PagerProps = {
  page: number;
  pageCount: number;
  /** Goes to another page; the route keeps the page in the address. */
  onGoTo: (page: number) => void;
};

/** Previous and Next below a paged list; nothing while it fits on one page. */
export function Pager({ page, pageCount, onGoTo }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className={controls.actions}>
      <button
        type="button"
        className={controls.buttonSecondary}
        disabled={page <= 1}
        onClick={() => onGoTo(page - 1)}
      >
        Previous
      </button>
      <span>
        Page {page} of {pageCount}
      </span>
      <button
        type="button"
        className={controls.buttonSecondary}
        disabled={page >= pageCount}
        onClick={() => onGoTo(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
