/**
 * A refusal or failure of backup or restore that the operator can act on: the CLIs print
 * its message alone and exit with code 1.
 */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}
