/** A console answer that is an HTML error page (403, 404, 400, 429, 503), never the API's JSON envelope. */
export class ConsolePageError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ConsolePageError';
  }
}

/** No session, or it ended: the browser goes to the sign-in page. */
export class ConsoleSignInRequired extends Error {
  constructor() {
    super('Sign in to use the console');
    this.name = 'ConsoleSignInRequired';
  }
}

export function consoleForbidden(message = 'You do not have access to this page.'): ConsolePageError {
  return new ConsolePageError(403, 'Forbidden', message);
}

export function consoleNotFound(message = 'There is no such page.'): ConsolePageError {
  return new ConsolePageError(404, 'Not found', message);
}

/** A form posted without its token, or with another session's: a forged or stale form. */
export function csrfRefused(): ConsolePageError {
  return new ConsolePageError(
    403,
    'Form expired',
    'This form could not be verified (it may be old, or come from another site). Go back, reload the page and try again.',
  );
}
