import type {
  FoodOrder,
  FoodOrderInput,
  FoodRound,
  FoodRoundInput,
  FoodRoundOrders,
} from '@lanparty/contract';
import { centsFromEuros, eurosFromCents } from '@lanparty/contract/rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lansKeys } from '../../../lib/lans/lans-query-keys.ts';

/** A round's order of the viewer: placed or changed whole (PUT), or withdrawn (DELETE). */
export function useOwnFoodOrder(lanId: number) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: lansKeys.food(lanId) });
  const place = useMutation({
    mutationFn: ({ roundId, order }: { roundId: number; order: FoodOrderInput }) =>
      apiRequest<FoodOrder>(`/api/food-rounds/${roundId}/my-order`, { method: 'PUT', body: order }),
    onSuccess: (saved, { roundId }) =>
      queryClient.setQueryData<FoodRound[]>(lansKeys.food(lanId), (rounds) =>
        rounds?.map((round) => (round.id === roundId ? { ...round, myOrder: saved } : round)),
      ),
    onSettled,
  });
  const withdraw = useMutation({
    mutationFn: (roundId: number) =>
      apiRequest<void>(`/api/food-rounds/${roundId}/my-order`, { method: 'DELETE' }),
    onSettled,
  });
  return { place, withdraw };
}

type RoundChange =
  | { roundId?: undefined; round: FoodRoundInput }
  | { roundId: number; round: FoodRoundInput };

/** The organiser's changes of a lan's rounds; every one reads the rounds again. */
export function useFoodRoundChanges(lanId: number) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: lansKeys.food(lanId) });
  const save = useMutation({
    mutationFn: ({ roundId, round }: RoundChange) =>
      apiRequest<FoodRound>(
        roundId === undefined ? `/api/lans/${lanId}/food-rounds` : `/api/food-rounds/${roundId}`,
        { method: roundId === undefined ? 'POST' : 'PUT', body: round },
      ),
    onSettled,
  });
  const cancel = useMutation({
    mutationFn: (roundId: number) =>
      apiRequest<void>(`/api/food-rounds/${roundId}`, { method: 'DELETE' }),
    onSettled,
  });
  const arrived = useMutation({
    mutationFn: ({ roundId, toChat }: { roundId: number; toChat: boolean }) =>
      apiRequest<{ told: number }>(`/api/food-rounds/${roundId}/arrived`, {
        method: 'POST',
        body: { toChat },
      }),
    onSettled,
  });
  return { save, cancel, arrived };
}

/** A round's orders, under its lan's rounds: a `food` event or a change of them reads both. */
const ordersKey = (lanId: number, roundId: number) =>
  [...lansKeys.food(lanId), 'orders', roundId] as const;

/** GET /api/food-rounds/{roundId}/orders (lan administrators): who ordered what, the totals. */
export function foodRoundOrdersQueryOptions(lanId: number, roundId: number) {
  return queryOptions({
    queryKey: ordersKey(lanId, roundId),
    queryFn: () => apiRequest<FoodRoundOrders>(`/api/food-rounds/${roundId}/orders`),
  });
}

export function useFoodRoundOrders(lanId: number, roundId: number) {
  return useQuery(foodRoundOrdersQueryOptions(lanId, roundId));
}

/**
 * PUT …/orders/{orderId}/paid: an order paid at the desk, or not after all. Shown at once
 * (the box ticks as it is tapped, the sums follow), put back if the server refuses.
 */
export function useMarkFoodOrderPaid(lanId: number, roundId: number) {
  const queryClient = useQueryClient();
  const key = ordersKey(lanId, roundId);
  return useMutation({
    mutationFn: ({ orderId, paid }: { orderId: number; paid: boolean }) =>
      apiRequest<void>(`/api/food-rounds/${roundId}/orders/${orderId}/paid`, {
        method: 'PUT',
        body: { paid },
      }),
    onMutate: async ({ orderId, paid }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<FoodRoundOrders>(key);
      if (before) queryClient.setQueryData<FoodRoundOrders>(key, withPaid(before, orderId, paid));
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** The orders with one marked paid or not, and the sums of paid and outstanding after it. */
function withPaid(list: FoodRoundOrders, orderId: number, paid: boolean): FoodRoundOrders {
  const orders = list.orders.map((order) =>
    order.orderId === orderId ? { ...order, paid } : order,
  );
  const paidCents = orders
    .filter((order) => order.paid)
    .reduce((sum, order) => sum + centsFromEuros(order.total), 0);
  return {
    orders,
    totals: {
      ...list.totals,
      paid: eurosFromCents(paidCents),
      outstanding: eurosFromCents(centsFromEuros(list.totals.amount) - paidCents),
    },
  };
}
