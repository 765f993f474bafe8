import { messages } from '../../../../contract/messages.js';
import type { TeamRole } from '../../../../contract/team.js';

const t = messages.teamScreen;

/** A role as the cabinet names it (the team page, the header's switch). */
export const ROLE_TITLES: Record<TeamRole, string> = { owner: t.roleOwner, manager: t.roleManager, analyst: t.roleAnalyst };
