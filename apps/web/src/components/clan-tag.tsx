import type { ClanSummary } from '@lanparty/contract';

/**
 * A clan's tag beside a member's nickname (issue 34). The tag is text in the surrounding
 * text's colour, readable on any surface and in either theme; the clan's colour is the bar
 * before it, never the only sign. Its look is the global `clan-tag` class (it is on the
 * first screen, where a stylesheet of its own would cost more), its colour inline.
 */
export function ClanTag({ clan }: { clan: ClanSummary | null }) {
  if (!clan) return null;
  // The space keeps the tag a word of its own to screen readers: "amy LAG", not "amyLAG".
  return (
    <>
      {' '}
      <span className="clan-tag" style={{ borderColor: clan.colour }}>
        {clan.tag}
      </span>
    </>
  );
}
