// What the matrix runner tells a smoke program: where the mock and the delivery recorder
// listen, and what the runtime is expected to offer. Passed as JSON (an argument, or a
// request body on the edge runtimes), so every runtime reads it the same way.

/** Input of the SDK smoke checks. */
export interface SdkSmokeConfig {
  /** The mock's origin on the host (Node), e.g. `http://127.0.0.1:PORT`. */
  hostUrl: string;
  apiKey: string;
  /** The mock's inbound signing secret, for `fulfillment.notifyShipped`. */
  signingSecret: string;
  /** A Node receiver that records each delivery's raw body and headers (GET lists them). */
  recorderUrl: string;
  /** How many orders the mock holds, so the pull can be checked for completeness. */
  orderCount: number;
  /** An origin nothing listens on, for a refused connection. */
  closedUrl: string;
  /**
   * The runtime the SDK's User-Agent should name (`node`, `bun`, `deno`), or null where it
   * should send none (a runtime it cannot tell, or one that only emulates Node).
   */
  userAgent: string | null;
  /**
   * Whether `node:crypto` is expected here (through `process.getBuiltinModule`). Stated by
   * the runner, not detected, so a runtime that lost it fails instead of quietly taking the
   * branch for runtimes that never had it.
   */
  nodeCrypto: boolean;
  /** `true` where a node:http server runs, else why not (the row is then not applicable). */
  nodeHttp: true | { reason: string };
  /**
   * The origin of the runtime's own server, where the host started one (workerd, the edge
   * runtime), for deliveries straight from the mock.
   */
  selfUrl?: string;
  /** What serves `selfUrl`, for the row. */
  selfServer?: string;
}

/** Input of the mock smoke checks: only how many orders to generate. */
export interface MockSmokeConfig {
  orderCount: number;
}

/** One delivery as the recorder saw it: node:http's headers and the body's exact text. */
export interface RecordedDelivery {
  headers: Record<string, string | string[] | undefined>;
  raw: string;
}
