/** POST /api/viewAs/pageViews: a page of the control panel a staff member opened in a view-as session, for the audit log. */
import '../zod-config.ts';
import { z } from 'zod';

export const viewAsPageViewSchema = z.object({ path: z.string().trim().min(1).max(500).startsWith('/account', 'A page of the control panel') });
