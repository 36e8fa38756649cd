// The promise every SDK method returns: awaited, it gives the parsed result; asked with
// withResponse(), the result with the Response and the service's request id. Parsed lazily,
// once, the way the Stainless-generated SDKs (openai-node, anthropic-sdk-typescript) do it.

/**
 * What {@link APIPromise.withResponse} resolves to.
 *
 * @example
 * ```ts
 * const { data, response, requestId } = await client.orders.get('ord_1').withResponse();
 * console.log(response.status, response.headers.get('content-type'), requestId);
 * ```
 */
export interface WithResponse<T> {
  /** The parsed result: what awaiting the call gives. */
  data: T;
  /** The HTTP response. Its body has been read already; read `data` instead. */
  response: Response;
  /** The response's `X-Request-Id` header, or `undefined` when the service sent none. */
  requestId: string | undefined;
}

/**
 * A response whose body has been read, as the transport hands it over to be parsed.
 *
 * @internal
 */
export interface RawResponse {
  response: Response;
  requestId: string | undefined;
  /** The body as text, `''` for none. */
  text: string;
}

/**
 * A `Promise` of a method's result that also offers the HTTP response (`catch` and `finally`
 * work as on any promise). The request is sent
 * when the method is called; the body is parsed and checked when the promise is first
 * awaited (or `withResponse()` is called), and only once.
 *
 * @example
 * ```ts
 * const page = await client.orders.list(); // the data, as before
 * const { data, requestId } = await client.orders.list().withResponse();
 * ```
 */
export class APIPromise<T> extends Promise<T> {
  readonly #raw: Promise<RawResponse>;
  readonly #parse: (raw: RawResponse) => T;
  #parsed: Promise<WithResponse<T>> | undefined;

  /**
   * Made by the SDK's methods; not meant to be constructed directly.
   *
   * @param raw - The response, its body read.
   * @param parse - Turns it into the result, or throws the SDK's typed error.
   * @internal
   */
  constructor(raw: Promise<RawResponse>, parse: (raw: RawResponse) => T) {
    // The base promise is never used: then/catch/finally all go through the parsed one.
    super((resolve) => resolve(undefined as T));
    this.#raw = raw;
    this.#parse = parse;
  }

  /**
   * Runs `start`, turning a synchronous throw (input refused before sending) into a
   * rejected {@link APIPromise}.
   *
   * @internal
   */
  static attempt<T>(start: () => APIPromise<T>): APIPromise<T> {
    try {
      return start();
    } catch (error) {
      return new APIPromise<T>(Promise.reject(error), () => undefined as T);
    }
  }

  /**
   * Resolves to the parsed result together with the `Response` and its `X-Request-Id`.
   *
   * @returns `{ data, response, requestId }`.
   */
  withResponse(): Promise<WithResponse<T>> {
    this.#parsed ??= this.#raw.then((raw) => ({
      data: this.#parse(raw),
      response: raw.response,
      requestId: raw.requestId,
    }));
    return this.#parsed;
  }

  // What `await` calls, and what Promise's own catch() and finally() call: parses on first use.
  // biome-ignore lint/suspicious/noThenProperty: overriding Promise.prototype.then is the point
  override then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.withResponse()
      .then((result) => result.data)
      .then(onfulfilled, onrejected);
  }

  /**
   * `Promise`: what `finally()` and the other derived promises are built as, since this
   * constructor takes a response rather than an executor.
   */
  static override get [Symbol.species]() {
    return Promise;
  }
}
