/**
 * A generated form's remote select reads the associated table's list action (as the built-in
 * screens' selects do): the controller's base alone answers 404, and the select stays empty
 * with an "Error requesting address" message.
 */
import { expect, it } from 'vitest';
import { checkDesign, generateModule } from '../../../../src/areas/crud/generator/index.js';
import { everyTypeDesign } from './every-type-design.js';

it("points a remote select to members at the member list's index action", () => {
  const generated = generateModule(checkDesign(everyTypeDesign()), null);
  const view = generated.files['apps/web/src/modules/crud_every/views/index.tsx'] ?? '';
  const urls = [...view.matchAll(/remote=\{\{ url: ([^,]+, [^,]+),/g)].map((match) => match[1]);
  expect(urls).toEqual(["adminUrl('user.User', 'index')", "adminUrl('user.User', 'index')"]);
});
