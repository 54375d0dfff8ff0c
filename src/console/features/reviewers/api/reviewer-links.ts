/** Reviewer links: mint, list, revoke (the server's `reviewers` module). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mintedReviewerLinkSchema, reviewerLinksSchema, type MintReviewerLinkInput } from '@shared/dashboard';
import { api } from '@console/lib/api';

const linksKey = ['reviewer-links'] as const;

export function useReviewerLinks() {
  return useQuery({
    queryKey: linksKey,
    queryFn: ({ signal }) => api('/api/admin/reviewer-links', { schema: reviewerLinksSchema, signal }),
  });
}

export function useMintReviewerLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MintReviewerLinkInput) =>
      api('/api/admin/reviewer-links', { method: 'POST', body, schema: mintedReviewerLinkSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey }),
  });
}

export function useRevokeReviewerLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/reviewer-links/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey }),
  });
}
