import { A11Y_VIEWPORTS, a11yWalk } from './helpers/a11y';

/** Every screen as each role that may open it, at 360 px (the handheld): no serious or critical axe finding (helpers/a11y.ts). */
a11yWalk(A11Y_VIEWPORTS.phone);
