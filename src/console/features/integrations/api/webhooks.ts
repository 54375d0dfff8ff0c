/** The tenant's webhook and syslog endpoints and their delivery log (owners): list, add, change, remove, send again. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createdEndpointSchema,
  deliveriesSchema,
  deliverySchema,
  endpointSchema,
  endpointsSchema,
  type EndpointChange,
  type EndpointInput,
} from '@shared/webhooks';
import { api } from '@console/lib/api';

export type { Delivery, Endpoint, WebhookEvent } from '@shared/webhooks';

const ENDPOINTS_KEY = ['webhooks'] as const;
const DELIVERIES_KEY = ['webhook-deliveries'] as const;

export function useEndpoints() {
  return useQuery({
    queryKey: ENDPOINTS_KEY,
    queryFn: ({ signal }) => api('/api/admin/webhooks', { schema: endpointsSchema, signal }),
    select: (data) => data.endpoints,
  });
}

export function useDeliveries() {
  return useQuery({
    queryKey: DELIVERIES_KEY,
    queryFn: ({ signal }) =>
      api('/api/admin/webhook-deliveries?limit=50', { schema: deliveriesSchema, signal }),
    select: (data) => data.deliveries,
    // Deliveries settle in the background: the log follows them while the page is open.
    refetchInterval: 10_000,
  });
}

function useWebhooksMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY }),
        queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY }),
      ]),
  });
}

export function useCreateEndpoint() {
  return useWebhooksMutation((input: EndpointInput) =>
    api('/api/admin/webhooks', { method: 'POST', body: input, schema: createdEndpointSchema }),
  );
}

export function useChangeEndpoint() {
  return useWebhooksMutation(({ id, change }: { id: string; change: EndpointChange }) =>
    api(`/api/admin/webhooks/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: change,
      schema: endpointSchema,
    }),
  );
}

export function useRemoveEndpoint() {
  return useWebhooksMutation((id: string) =>
    api(`/api/admin/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}

export function useRedeliver() {
  return useWebhooksMutation((id: string) =>
    api(`/api/admin/webhook-deliveries/${encodeURIComponent(id)}/redeliver`, {
      method: 'POST',
      schema: deliverySchema,
    }),
  );
}
