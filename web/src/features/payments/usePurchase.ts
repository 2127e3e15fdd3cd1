import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '@/shared/session';
import { startPurchase } from './flow';
import { isPurchasedReturn } from './rules/transaction';
import { hasChosen, readPendingPayment, takeChosen } from './storage';
import { useFlowDeps } from './useFlow';

export interface BuyPacketOptions {
  /** The packet's name, for the texts (else read from the packet). */
  name?: string;
  periodId?: number;
  /** Take the trial when one is open (default true). */
  trial?: boolean;
  /** The content to play once the packet is bought (the start-after-buy content). */
  playAfter?: number;
  /** Packets to subscribe next, in turn (the add-on waiting for its base packet). */
  then?: number[];
}

export interface Purchases {
  /** Starts spec 4 "Purchase flow" for a packet (a bundle subscribes each of its packets). */
  buyPacket(packetId: number, opts?: BuyPacketOptions): Promise<void>;
  /** Buys or rents a film by its offer, then plays the content. */
  buyOffer(offerId: number, contentId?: number): Promise<void>;
  /** A purchase step is running (the button waits). */
  pending: boolean;
}

/**
 * The purchase flow for any screen (packets, channels, content, promo). Wherever it is
 * mounted it also goes on with a purchase a guest started before signing in (chosenPacket,
 * once the sign-in modal has closed), and catches the gateway's return (purchased=true)
 * when the pay_transaction modal's address was lost on the way.
 */
export function usePurchase(): Purchases {
  const deps = useFlowDeps();
  const { isLogged } = useSession();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const depsRef = useRef(deps);
  depsRef.current = deps;

  const run = useCallback(async (p: Parameters<typeof startPurchase>[1]) => {
    setPending(true);
    try {
      await startPurchase(depsRef.current, p);
    } finally {
      setPending(false);
    }
  }, []);

  useEffect(() => {
    if (!isLogged || location.hash === '#auth' || !hasChosen()) return;
    const chosen = takeChosen();
    if (chosen) void run(chosen);
  }, [isLogged, location.hash, run]);

  useEffect(() => {
    if (isPurchasedReturn(location.search) && location.hash === '' && readPendingPayment()) depsRef.current.open('pay_transaction');
  }, [location.search, location.hash]);

  const buyPacket = useCallback(
    (packetId: number, opts: BuyPacketOptions = {}) =>
      run({
        kind: 'packet',
        packetId,
        name: opts.name ?? '',
        periodId: opts.periodId,
        trial: opts.trial,
        playAfter: opts.playAfter,
        queue: opts.then,
      }),
    [run],
  );
  const buyOffer = useCallback((offerId: number, contentId?: number) => run({ kind: 'offer', offerId, contentId, name: '' }), [run]);
  return { buyPacket, buyOffer, pending };
}
