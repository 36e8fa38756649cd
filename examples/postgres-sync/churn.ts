// Seeded changes to the mock's orders while the sync runs and while it is down: status
// changes, new orders, and orders moving to another platform (so in the workers mode an
// order leaves one worker's filter and enters another's). One seed replays the same changes.
import { GENERATED_STATUSES, type MockService } from 'order-fulfillment-sdk/mock';

/** A seeded source of random numbers (mulberry32): the same seed, the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How many changes of each kind one burst makes. */
export interface Burst {
  updates: number;
  creates: number;
  moves: number;
}

/** Makes seeded bursts of changes to the orders of `mock`. */
export function createChurn(mock: MockService, platforms: readonly string[], random: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  // Ids only grow (creates add, nothing deletes), so a list kept here avoids copying every
  // order out of the mock per burst.
  const ids = mock.orders.all().map((order) => order.id);
  const totals: Burst = { updates: 0, creates: 0, moves: 0 };

  return {
    totals,
    /** Applies one burst of changes, through the mock's state API. */
    burst({ updates, creates, moves }: Burst): void {
      for (let i = 0; i < updates; i++) {
        mock.orders.update(pick(ids), { status: pick(GENERATED_STATUSES) });
      }
      for (let i = 0; i < creates; i++)
        ids.push(mock.orders.create({ platform: pick(platforms) }).id);
      for (let i = 0; i < moves; i++) {
        const id = pick(ids);
        const from = mock.orders.get(id)?.platform;
        mock.orders.update(id, { platform: pick(platforms.filter((p) => p !== from)) });
      }
      totals.updates += updates;
      totals.creates += creates;
      totals.moves += moves;
    },
  };
}
