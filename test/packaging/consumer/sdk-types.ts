// Type-checked in a scratch project without msw: the SDK's published declarations need no msw.
// Also compiled with `lib: ["ES2022"]` and @types/node, skipLibCheck off: they need no DOM lib.
import type { createClient, Order } from 'order-fulfillment-sdk';

type IsAny<T> = 0 extends 1 & T ? true : false;
type Expect<T extends false> = T;

export type Checks = [Expect<IsAny<typeof createClient>>, Expect<IsAny<Order['id']>>];
