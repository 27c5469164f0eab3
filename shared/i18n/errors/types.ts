export interface ErrorEntry {
  /** HTTP status the API answers with. */
  status: 400 | 401 | 403 | 404 | 408 | 409 | 413 | 414 | 415 | 422 | 426 | 429 | 431 | 500 | 502 | 503;
  /** German text with {param} placeholders. */
  de: string;
}
