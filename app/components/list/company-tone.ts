import { statusName, type BusinessStatusName } from "#db/schema/company-enums.ts";
import type { Tone } from "./status-badge.tsx";

const COMPANY_TONES: Record<BusinessStatusName, Tone> = {
  moderation: "warning", active: "success", suspend: "danger", inactive: "neutral", reject: "danger",
};
/** The tone of a company status code (codes: db/schema/company-enums.ts). */
export const companyTone = (status: number): Tone => COMPANY_TONES[statusName(status)];
