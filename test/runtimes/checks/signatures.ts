// Both signature pairs on real deliveries: the synchronous one (node:crypto) where the
// runtime has it, and otherwise the typed error that names its Web Crypto replacement;
// the asynchronous one (Web Crypto) everywhere.
import {
  OrderFulfillmentError,
  SignatureVerificationError,
  signWmsPayload,
  verifyWmsSignature,
} from 'order-fulfillment-sdk';
import type { Deliveries } from './deliveries.js';
import { signatureHeader } from './deliveries.js';
import { receiverApi } from './receiver-api.js';
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
    error instanceof OrderFulfillmentError && error.message.includes(asyncName),
    `expected an SDK error naming ${asyncName}, got ${String(error)}`,
  );
  return (error as Error).name;
}

/** The sync pair: round trip, the real deliveries, a tampered body; or the typed error. */
export async function checkSyncPair(deliveries: Deliveries, nodeCrypto: boolean) {
  if (!nodeCrypto) {
    const name = await assertNamesAsync(() => signWmsPayload(BODY, SECRET), 'signWmsPayloadAsync');
    await assertNamesAsync(
      () => verifyWmsSignature(BODY, `t=${TIMESTAMP},v1=00`, SECRET),
      'verifyWmsSignatureAsync',
    );
    return `no node:crypto: both throw ${name} naming the async function`;
  }
  const header = signWmsPayload(BODY, SECRET);
  verifyWmsSignature(BODY, header, SECRET);
  for (const delivery of deliveries.recorded) {
    verifyWmsSignature(delivery.raw, signatureHeader(delivery), deliveries.secret);
  }
  const first = deliveries.recorded[0];
  assert(first, 'no delivery recorded');
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
  const signAsync = receiverApi('signWmsPayloadAsync');
  const verifyAsync = receiverApi('verifyWmsSignatureAsync');
  const header = await signAsync(BODY, SECRET, TIMESTAMP);
  await verifyAsync(BODY, header, SECRET, { now: TIMESTAMP });
  if (nodeCrypto) {
    const sync = signWmsPayload(BODY, SECRET, TIMESTAMP);
    assert(header === sync, `async signed ${header}, sync signed ${sync}`);
  }
  for (const delivery of deliveries.recorded) {
    await verifyAsync(delivery.raw, signatureHeader(delivery), deliveries.secret);
  }
  const first = deliveries.recorded[0];
  assert(first, 'no delivery recorded');
  assertMismatch(
    await rejection(
      verifyAsync(`${first.raw} `, signatureHeader(first), deliveries.secret),
      'a tampered body',
    ),
    'async verify of a tampered body',
  );
  const same = nodeCrypto ? ', same header as the sync pair' : '';
  return `round trip${same}, ${deliveries.recorded.length} real deliveries verified, tampered body rejected`;
}
