import styles from './site-menu.module.css';

/** A count on a link, read as part of its name: "Admin, 3 sign-ups waiting", "Notices, 2 new". */
export function CountBadge({ count, one, many }: { count: number; one: string; many: string }) {
  return (
    <span className={styles.badge}>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">
        , {count} {count === 1 ? one : many}
      </span>
    </span>
  );
}
