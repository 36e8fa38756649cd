// Both signature pairs on real deliveries: the synchronous one (node:crypto) where the
// runtime has it, and otherwise the typed error that names its Web Crypto replacement;
// the asynchronous one (Web Crypto) everywhere.
import {
  SignatureVerificationError,
  signWmsPayload,
  signWmsPayloadAsync,
  UnsupportedRuntimeError,
  verifyWmsSignature,
  verifyWmsSignatureAsync,
} from 'order-fulfillment-sdk';
import type { Deliveries } from './deliveries.js';
import { signatureHeader } from './deliveries.js';
import { assert, rejection } from './report.js';

const BODY = '{"olay":"order.fulfilled","inbound_order_id":"1","status":"shipped"}';
const SECRET = 'runtime-matrix-secret';
const TIMESTAMP = 1_767_225_600;

function assertMismatch(error: unknown, what: string) {
  assert(
    error instanceof SignatureVerificationError && error.reason === 'signature_mismatch',
    `${what}: expected SignatureVerificationError signature_mismatch, got ${String(error)}`,
  );
}

/** Where node:crypto is absent, each sync function must throw an SDK error naming its async twin. */
async function assertNamesAsync(call: () => unknown, asyncName: string) {
  const error = await rejection(call, `${asyncName.replace('Async', '')} without node:crypto`);
  assert(
    error instanceof UnsupportedRuntimeError &&
      error.alternative === asyncName &&
      error.message.includes(asyncName),
    `expected UnsupportedRuntimeError naming ${asyncName}, got ${String(error)}`,
  );
  return error.name;
}

/** The sync pair: round trip, the real deliveries, a tampered body; or the typed error. */
export async function checkSyncPair(deliveries: Deliveries, nodeCrypto: boolean) {
  const first = deliveries.recorded[0];
  assert(first, 'no delivery recorded');
  if (!nodeCrypto) {
    const name = await assertNamesAsync(() => signWmsPayload(BODY, SECRET), 'signWmsPayloadAsync');
    // A real delivery, so the header and the window pass and verifying reaches the HMAC.
    await assertNamesAsync(
      () => verifyWmsSignature(first.raw, signatureHeader(first), deliveries.secret),
      'verifyWmsSignatureAsync',
    );
    return `no node:crypto: both throw ${name} naming the async function`;
  }
  const header = signWmsPayload(BODY, SECRET);
  verifyWmsSignature(BODY, header, SECRET);
  for (const delivery of deliveries.recorded) {
    verifyWmsSignature(delivery.raw, signatureHeader(delivery), deliveries.secret);
  }
  assertMismatch(
    await rejection(
      () => verifyWmsSignature(`${first.raw} `, signatureHeader(first), deliveries.secret),
      'a tampered body',
    ),
    'sync verify of a tampered body',
  );
  return `round trip, ${deliveries.recorded.length} real deliveries verified, tampered body rejected`;
}

/** The async pair: the same header as the sync pair, real deliveries, a tampered body. */
export async function checkAsyncPair(deliveries: Deliveries, nodeCrypto: boolean) {
  const header = await signWmsPayloadAsync(BODY, SECRET, TIMESTAMP);
  await verifyWmsSignatureAsync(BODY, header, SECRET, { now: TIMESTAMP });
  if (nodeCrypto) {
    const sync = signWmsPayload(BODY, SECRET, TIMESTAMP);
    assert(header === sync, `async signed ${header}, sync signed ${sync}`);
  }
  for (const delivery of deliveries.recorded) {
    await verifyWmsSignatureAsync(delivery.raw, signatureHeader(delivery), deliveries.secret);
  }
  const first = deliveries.recorded[0];
  assert(first, 'no delivery recorded');
  assertMismatch(
    await rejection(
      verifyWmsSignatureAsync(`${first.raw} `, signatureHeader(first), deliveries.secret),
      'a tampered body',
    ),
    'async verify of a tampered body',
  );
  const same = nodeCrypto ? ', same header as the sync pair' : '';
  return `round trip${same}, ${deliveries.recorded.length} real deliveries verified, tampered body rejected`;
}
