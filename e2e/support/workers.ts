/**
 * How many end-to-end files run at once (E2E_WORKERS, default 2), each worker on a demo
 * site of its own (provided-context.ts): files of one worker follow one another on their
 * site as all of them did on the one site of a run before (decision 053).
 */
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
