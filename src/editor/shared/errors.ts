/** The editor's refusals, each with a permanent name and a message that says what happened and what to do. */
export type EditorErrorCode =
  | 'EditorYamlUnreadable'
  | 'EditorNotAText'
  | 'EditorValueChanged'
  | 'EditorFixStale'
  | 'EditorPathOutside'
  | 'EditorConflict'
  | 'EditorLinked'
  | 'EditorFileMissing'
  | 'EditorBadRequest'
  | 'EditorTooLarge'
  | 'EditorForbidden'
  | 'EditorPushFailed'
  | 'EditorLinkRefused'
  | 'EditorInboxOffline'
  | 'EditorRepoUnreachable';

export class EditorError extends Error {
  constructor(
    readonly code: EditorErrorCode,
    message: string,
  ) {
    super(message);
    this.name = code;
  }
}
