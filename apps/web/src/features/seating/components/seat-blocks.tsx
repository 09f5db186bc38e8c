import type { ClanListItem } from '@lanparty/contract';
import { seatKey, seatLimits } from '@lanparty/contract/rules';
import type { UseQueryResult } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import styles from './seat-editor.module.css';
import { addBlock, type DraftBlock, deleteBlock, updateBlock } from './seat-plan-draft.ts';
import type { SeatPlanEditor } from './use-seat-plan-editor.ts';

type SeatBlocksProps = {
  editor: SeatPlanEditor;
  clans: UseQueryResult<ClanListItem[]>;
};

/** The plan's blocks (rows and tables): their names, and the clan each is kept for. */
export function SeatBlocks({ editor, clans }: SeatBlocksProps) {
  const { draft } = editor;
  return (
    <div className={styles.blocks}>
      {draft.blocks.length === 0 ? (
        <p className={forms.hint}>
          No blocks yet: a row or table added above is one. A block can be kept for one clan.
        </p>
      ) : (
        <ul className={styles.blockList} aria-label="Blocks">
          {draft.blocks.map((block) => (
            <BlockItem key={block.id} block={block} editor={editor} clans={clans} />
          ))}
        </ul>
      )}
      {clans.isError ? (
        <p className={controls.alert} role="alert">
          The clans could not be loaded: a block cannot be kept for one until they are.
        </p>
      ) : null}
      <div className={controls.actions}>
        <button
          type="button"
          className={controls.buttonSecondary}
          onClick={() => editor.edit(addBlock(draft))}
        >
          <Plus aria-hidden="true" size={18} />
          New block
        </button>
      </div>
    </div>
  );
}

function BlockItem({ block, editor, clans }: SeatBlocksProps & { block: DraftBlock }) {
  const id = useId();
  const { draft } = editor;
  const seatCount = draft.seats.filter((seat) => seat.blockId === block.id).length;
  const twin = draft.blocks.find(
    (other) => other.id !== block.id && seatKey(other.name) === seatKey(block.name),
  );
  const problem =
    block.name.trim() === ''
      ? 'Name is required'
      : twin
        ? 'Another block has this name: each name names one block'
        : null;
  const name = block.name.trim() || '(no name)';
  return (
    <li className={styles.blockItem}>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={`${id}-name`}>
          Name
        </label>
        <input
          id={`${id}-name`}
          className={forms.input}
          value={block.name}
          maxLength={seatLimits.blockNameMaxLength}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-seats${problem ? ` ${id}-problem` : ''}`}
          onChange={(event) =>
            editor.edit(updateBlock(draft, block.id, { name: event.target.value }))
          }
        />
        <p id={`${id}-seats`} className={forms.hint}>
          {seatCount === 1 ? '1 seat' : `${seatCount} seats`}
        </p>
        {problem ? (
          <p id={`${id}-problem`} className={forms.error}>
            {problem}
          </p>
        ) : null}
      </div>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={`${id}-clan`}>
          Kept for a clan
        </label>
        <select
          id={`${id}-clan`}
          className={forms.input}
          value={block.clanId ?? ''}
          disabled={!clans.data}
          onChange={(event) =>
            editor.edit(
              updateBlock(draft, block.id, {
                clanId: event.target.value === '' ? null : Number(event.target.value),
              }),
            )
          }
        >
          <option value="">{clans.data ? 'No clan: anyone' : 'Loading the clans…'}</option>
          {(clans.data ?? []).map((clan) => (
            <option key={clan.id} value={clan.id}>
              {clan.name} [{clan.tag}]
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className={`${controls.buttonSecondary} ${styles.blockDelete}`}
        onClick={() => {
          editor.edit(deleteBlock(draft, block.id));
          editor.announce(`Block ${name} deleted; its seats stay, in no block.`);
        }}
      >
        <Trash2 aria-hidden="true" size={18} />
        <span>
          Delete <span className="visually-hidden">block {name}</span>
        </span>
      </button>
    </li>
  );
}
