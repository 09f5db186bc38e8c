import { type NewScreen, type Screen, screenInputSchema } from '@lanparty/contract';
import {
  type ScreenSlide,
  screenLimits,
  screenSlideLabels,
  screenSlides,
} from '@lanparty/contract/rules';
import { Copy, ExternalLink, MonitorPlay, Power } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { QueryStatus } from '../../../components/query-status.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { formatCommunityDateTime } from '../../../lib/format-date.ts';
import { useMakeScreen, useScreens, useSwitchOffScreen } from '../api/screens.ts';
import styles from './lan-screens-editor.module.css';

/**
 * The admin lan screen's screens (issue 35): a link for each TV or projector at the lan,
 * with the slides it shows; the link is shown once, as it is made. Switching a screen off
 * blanks it within seconds.
 */
export function LanScreensEditor({ lanId }: { lanId: number }) {
  const screens = useScreens(lanId);
  const switchOff = useSwitchOffScreen();
  const [made, setMade] = useState<NewScreen | null>(null);
  const [ending, setEnding] = useState<Screen | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function confirmSwitchOff() {
    if (!ending) return;
    switchOff.mutate(
      { lanId, screenId: ending.id },
      {
        onSuccess: () => {
          if (made?.id === ending.id) setMade(null);
          setEnding(null);
        },
        onError: (error) => {
          setEnding(null);
          setProblem(`The screen was not switched off: ${describeError(error)}`);
        },
      },
    );
  }

  return (
    <>
      <ScreenForm lanId={lanId} onMade={setMade} />
      {made ? <MadeScreenLink screen={made} /> : null}
      <QueryStatus query={screens} failure="The screens could not be loaded.">
        {(items) =>
          items.length === 0 ? (
            <p className={forms.hint}>No screens yet.</p>
          ) : (
            <ul className={styles.list} aria-label="Screens">
              {items.map((screen) => (
                <li key={screen.id} className={styles.item}>
                  <div>
                    <p className={styles.name}>{screen.name}</p>
                    <p className={forms.hint}>
                      {screen.slides.map((slide) => screenSlideLabels[slide]).join(' · ')}; each{' '}
                      {screen.rotationSeconds} s. Made{' '}
                      {formatCommunityDateTime(screen.creationDate)}.
                    </p>
                  </div>
                  <button
                    type="button"
                    className={controls.buttonSecondary}
                    aria-label={`Switch off ${screen.name}`}
                    onClick={() => {
                      setProblem(null);
                      setEnding(screen);
                    }}
                  >
                    <Power aria-hidden="true" size={16} />
                    Switch off
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryStatus>
      <AlertText message={problem} />
      <ConfirmDialog
        isOpen={ending !== null}
        title={`Switch off ${ending?.name ?? 'the screen'}?`}
        confirmLabel="Switch off"
        cancelLabel="Keep it on"
        isBusy={switchOff.isPending}
        onConfirm={confirmSwitchOff}
        onCancel={() => setEnding(null)}
      >
        <p>The screen goes blank within seconds, and its link stops working for good.</p>
      </ConfirmDialog>
    </>
  );
}

type Problems = Partial<Record<'name' | 'slides' | 'rotationSeconds' | 'form', string>>;

function ScreenForm({ lanId, onMade }: { lanId: number; onMade: (made: NewScreen) => void }) {
  const id = useId();
  const make = useMakeScreen();
  const [name, setName] = useState('');
  const [slides, setSlides] = useState<ScreenSlide[]>([...screenSlides]);
  const [seconds, setSeconds] = useState(String(screenLimits.rotationSeconds.usual));
  const [problems, setProblems] = useState<Problems>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = screenInputSchema.safeParse({
      name,
      slides,
      rotationSeconds: seconds.trim() === '' ? Number.NaN : Number(seconds),
    });
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Problems;
        found[field] ??= issue.message;
      }
      return setProblems(found);
    }
    setProblems({});
    make.mutate(
      { lanId, screen: parsed.data },
      {
        onSuccess: (made) => {
          setName('');
          onMade(made);
        },
        onError: (error) =>
          setProblems({ form: `The screen was not made: ${describeError(error)}` }),
      },
    );
  }

  const toggle = (slide: ScreenSlide, isOn: boolean) =>
    setSlides((chosen) =>
      isOn
        ? screenSlides.filter((each) => each === slide || chosen.includes(each))
        : chosen.filter((each) => each !== slide),
    );

  return (
    <form className={forms.form} onSubmit={submit} noValidate aria-label="New screen">
      <div className={forms.field}>
        <label className={forms.label} htmlFor={`${id}-name`}>
          Screen name
        </label>
        <input
          id={`${id}-name`}
          className={forms.input}
          value={name}
          placeholder="Main hall TV"
          maxLength={screenLimits.nameMaxLength + 20}
          aria-invalid={problems.name ? true : undefined}
          aria-describedby={problems.name ? `${id}-name-problem` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {problems.name ? (
          <p id={`${id}-name-problem`} className={forms.error}>
            {problems.name}
          </p>
        ) : null}
      </div>
      <fieldset
        className={styles.slides}
        aria-describedby={problems.slides ? `${id}-slides-problem` : undefined}
      >
        <legend className={forms.label}>Slides</legend>
        {screenSlides.map((slide) => (
          <label key={slide} className={forms.checkbox}>
            <input
              type="checkbox"
              checked={slides.includes(slide)}
              onChange={(event) => toggle(slide, event.target.checked)}
            />
            <span>{screenSlideLabels[slide]}</span>
          </label>
        ))}
        {problems.slides ? (
          <p id={`${id}-slides-problem`} className={forms.error}>
            {problems.slides}
          </p>
        ) : null}
      </fieldset>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={`${id}-seconds`}>
          Seconds per slide
        </label>
        <input
          id={`${id}-seconds`}
          className={`${forms.input} ${styles.seconds}`}
          type="number"
          inputMode="numeric"
          min={screenLimits.rotationSeconds.least}
          max={screenLimits.rotationSeconds.most}
          value={seconds}
          aria-invalid={problems.rotationSeconds ? true : undefined}
          aria-describedby={`${id}-seconds-hint`}
          onChange={(event) => setSeconds(event.target.value)}
        />
        <p
          id={`${id}-seconds-hint`}
          className={problems.rotationSeconds ? forms.error : forms.hint}
        >
          {problems.rotationSeconds ??
            `From ${screenLimits.rotationSeconds.least} to ${screenLimits.rotationSeconds.most}; a new announcement shows at once.`}
        </p>
      </div>
      <AlertText message={problems.form ?? null} />
      <div className={controls.actions}>
        <button type="submit" className={controls.button} disabled={make.isPending}>
          <MonitorPlay aria-hidden="true" size={18} />
          {make.isPending ? 'Making…' : 'Make a screen link'}
        </button>
      </div>
    </form>
  );
}

/** The link just made: shown this once, to open on the TV or copy. */
function MadeScreenLink({ screen }: { screen: NewScreen }) {
  const id = useId();
  const [copied, setCopied] = useState('');
  return (
    <div className={styles.made} role="status">
      <label className={forms.label} htmlFor={`${id}-url`}>
        Link of {screen.name}
      </label>
      <input
        id={`${id}-url`}
        className={forms.input}
        readOnly
        value={screen.url}
        onFocus={(event) => event.target.select()}
      />
      <p className={forms.hint}>
        Open it on the TV or projector now: it is shown only this once. Anyone with it sees the
        screen, so keep it to the crew.
      </p>
      <div className={controls.actions}>
        <button
          type="button"
          className={controls.buttonSecondary}
          onClick={() =>
            void navigator.clipboard.writeText(screen.url).then(
              () => setCopied('Copied.'),
              () => setCopied('Copying failed: select the link and copy it.'),
            )
          }
        >
          <Copy aria-hidden="true" size={16} />
          Copy link
        </button>
        <a className={controls.buttonSecondary} href={screen.url} target="_blank" rel="noreferrer">
          <ExternalLink aria-hidden="true" size={16} />
          Open screen
        </a>
        <span className={forms.hint}>{copied}</span>
      </div>
    </div>
  );
}
