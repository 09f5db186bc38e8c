/** The colours of the podium's medals, and of the other badges, drawn by the site. */
const medalColours = { gold: '#facc15', silver: '#cbd5e1', bronze: '#d9822b' } as const;

/**
 * A badge's picture, drawn here (no image from elsewhere): a medal with its place for a
 * podium, a flame with the count for a streak, a shield for crew, a round seal with the
 * count for lans attended. `label` is its text alternative.
 */
export function BadgePicture({ badgeKey, label }: { badgeKey: string; label: string }) {
  const podium = /^podium-(gold|silver|bronze)-/.exec(badgeKey)?.[1] as
    | keyof typeof medalColours
    | undefined;
  const count = /^(?:lans|streak)-(\d+)$/.exec(badgeKey)?.[1] ?? '';
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" role="img" aria-label={label}>
      {podium ? (
        <>
          <path d="M14 2h8l4 14h-8zM34 2h-8l-4 14h8z" fill="#64748b" />
          <circle cx="24" cy="30" r="15" fill={medalColours[podium]} />
          <circle cx="24" cy="30" r="11" fill="none" stroke="#0a0e1c" strokeOpacity=".35" />
          <text x="24" y="35" textAnchor="middle" fontSize="14" fontWeight="700" fill="#0a0e1c">
            {{ gold: 1, silver: 2, bronze: 3 }[podium]}
          </text>
        </>
      ) : badgeKey.startsWith('streak-') ? (
        <>
          <path
            d="M24 3c2 8 12 12 12 25a12 12 0 0 1-24 0c0-7 4-11 6-15 1 4 3 6 5 6-2-6 0-12 1-16z"
            fill="#fb923c"
          />
          <text x="24" y="38" textAnchor="middle" fontSize="13" fontWeight="700" fill="#0a0e1c">
            {count}
          </text>
        </>
      ) : badgeKey === 'crew' ? (
        <>
          <path d="M24 3l18 6v13c0 11-8 19-18 23C14 41 6 33 6 22V9z" fill="#4ade80" />
          <path d="M24 14l3 7h7l-6 4 2 7-6-4-6 4 2-7-6-4h7z" fill="#0a0e1c" />
        </>
      ) : (
        <>
          <circle cx="24" cy="24" r="21" fill="#22d3ee" />
          <circle cx="24" cy="24" r="16" fill="none" stroke="#0a0e1c" strokeOpacity=".35" />
          <text x="24" y="29" textAnchor="middle" fontSize="14" fontWeight="700" fill="#0a0e1c">
            {count}
          </text>
        </>
      )}
    </svg>
  );
}
