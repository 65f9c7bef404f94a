/** Form fields by type (the same types the generic add/edit form uses), and the upload inputs. */
export { AttachmentPicker } from '../../../apps/web/src/components/form/attachment-picker';
export { FormItem, type FormItemProps } from '../../../apps/web/src/components/form/form-item';
/** A group's permissions: the checkbox tree of a rule list (admin or member rules). */
export { RuleTree } from '../../../apps/web/src/components/form/rule-tree';
export { UploadInput, type UploadKind } from '../../../apps/web/src/components/form/upload-input';
/**
 * Whether an installed module provides a form input type: without one, `FormItem type="editor"`
 * shows "Please install editor" over a plain HTML textarea.
 */
export { hasModuleFormInput } from '../../../apps/web/src/module-contract/registry';
