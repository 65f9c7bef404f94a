/**
 * Page chrome for a module's public pages (outside the back-office and the member centre): the
 * site's logo, the title as the site composes it, the not-found page, and the member site's
 * header and footer styles, which importing this file brings along.
 */
import '../../../apps/web/src/layouts/frontend/frontend.css';

export { Logo } from '../../../apps/web/src/components/logo';
export { composeTitle } from '../../../apps/web/src/utils/title';
export { default as NotFound } from '../../../apps/web/src/views/common/not-found';
