// The X-WMS-Signature scheme (specification 5.5): `t=<unix>,v1=<hex>`, where v1 is the
// HMAC-SHA256 of `<t>.<raw body>`; Stripe's webhook scheme, checked on both sides of a
// tolerance window. A synchronous pair on node:crypto and an asynchronous one on Web Crypto.
export {
  DEFAULT_TOLERANCE_SECONDS,
  type RawBody,
  type VerifiedWmsSignature,
  type VerifyWmsSignatureOptions,
  WEBHOOK_SIGNATURE_HEADER,
  WMS_SIGNATURE_HEADER,
} from './header.js';
export { signWmsPayload, verifyWmsSignature } from './node.js';
export type { UnixTime } from './unix-time.js';
export { signWmsPayloadAsync, verifyWmsSignatureAsync } from './web.js';
