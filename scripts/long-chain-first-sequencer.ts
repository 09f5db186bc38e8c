import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the end-to-end files first. They run one at a time (one browser) and are the
 * run's longest chain: begun last, as a fresh clone's order by size had it, they ran alone
 * after everything else; begun first, the other projects' files take the other worker
 * beside them.
 */
export class LongChainFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isEndToEnd = (file: TestSpecification) => file.project.name === 'e2e';
    return [...sorted.filter(isEndToEnd), ...sorted.filter((file) => !isEndToEnd(file))];
  }
}
