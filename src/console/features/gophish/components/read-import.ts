/** Reads the chosen GoPhish files into the import API's body; a group file may be JSON or CSV. */
import type { GophishImportBody } from '../api/gophish';

export interface ImportFiles {
  template: File | null;
  page: File | null;
  group: File | null;
  smtp: File | null;
  campaign: File | null;
}

/** Parses a JSON file; throws an Error whose message is the file's name, for the operator. */
async function readJson(file: File): Promise<unknown> {
  try {
    return JSON.parse(await file.text()) as unknown;
  } catch {
    throw new Error(file.name);
  }
}

function isCsv(file: File, text: string): boolean {
  return file.name.toLowerCase().endsWith('.csv') || !/^\s*[[{]/.test(text);
}

/** Nothing to make a campaign or a profile from: the form says so before anything is sent. */
export const hasSomethingToImport = (files: ImportFiles) =>
  Boolean(files.template ?? files.page ?? files.smtp ?? files.campaign);

export async function readImport(files: ImportFiles, name: string): Promise<GophishImportBody> {
  const body: GophishImportBody = {};
  if (files.template) body.template = await readJson(files.template);
  if (files.page) body.page = await readJson(files.page);
  if (files.group) {
    const text = await files.group.text();
    if (isCsv(files.group, text)) body.group_csv = text;
    else body.group = await readJson(files.group);
  }
  if (files.smtp) body.smtp = await readJson(files.smtp);
  if (files.campaign) body.campaign = await readJson(files.campaign);
  if (name.trim()) body.name = name.trim();
  return body;
}
