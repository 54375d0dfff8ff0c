/**
 * Reported mail (the server's `mail-reports` module): the clusters of real messages reported,
 * the latest reports and what each became, and the intake settings (owners).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clusterDecisionSchema,
  mailIntakeSchema,
  mailReportsSchema,
  reportClustersSchema,
  reportFollowupSchema,
  type MailIntakeInput,
  type ReportFollowupInput,
} from '@shared/mail-reports';
import { api } from '@console/lib/api';

export type {
  MailIntake,
  MailIntakeInput,
  MailReport,
  ReportCluster,
  ReportFollowup,
  ReportFollowupInput,
} from '@shared/mail-reports';

const CLUSTERS_KEY = ['mail-reports', 'clusters'] as const;
const REPORTS_KEY = ['mail-reports', 'latest'] as const;
const INTAKE_KEY = ['mail-intake'] as const;
const FOLLOWUP_KEY = ['report-followup'] as const;

/** Reports come in on their own (a mailbox read on a schedule): the page follows them while open. */
const FOLLOW = 30_000;

export function useReportClusters() {
  return useQuery({
    queryKey: CLUSTERS_KEY,
    queryFn: ({ signal }) =>
      api('/api/admin/mail-reports/clusters?limit=50', { schema: reportClustersSchema, signal }),
    select: (data) => data.clusters,
    refetchInterval: FOLLOW,
  });
}

/** One verdict on every URL of a cluster; the clusters and the reviewers' queue are read again. */
export function useDecideCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { cluster: string; decision: 'TP' | 'FP' }) =>
      api('/api/admin/mail-reports/clusters/decision', {
        method: 'POST',
        body,
        schema: clusterDecisionSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['mail-reports'] }),
  });
}

export function useMailReports() {
  return useQuery({
    queryKey: REPORTS_KEY,
    queryFn: ({ signal }) => api('/api/admin/mail-reports?limit=50', { schema: mailReportsSchema, signal }),
    select: (data) => data.reports,
    refetchInterval: FOLLOW,
  });
}

export function useMailIntake() {
  return useQuery({
    queryKey: INTAKE_KEY,
    queryFn: ({ signal }) => api('/api/admin/mail-intake', { schema: mailIntakeSchema, signal }),
  });
}

export function useSaveMailIntake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailIntakeInput) =>
      api('/api/admin/mail-intake', { method: 'PUT', body, schema: mailIntakeSchema }),
    onSuccess: (data) => queryClient.setQueryData(INTAKE_KEY, data),
  });
}

/** What follows a report (owners): the reviewers mailed their link, the answers to reporters. */
export function useReportFollowup() {
  return useQuery({
    queryKey: FOLLOWUP_KEY,
    queryFn: ({ signal }) => api('/api/admin/report-followup', { schema: reportFollowupSchema, signal }),
  });
}

export function useSaveReportFollowup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportFollowupInput) =>
      api('/api/admin/report-followup', { method: 'PUT', body, schema: reportFollowupSchema }),
    onSuccess: (data) => queryClient.setQueryData(FOLLOWUP_KEY, data),
  });
}
