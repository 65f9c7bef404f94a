/** Form fields by type (the same types the generic add/edit form uses), and the upload inputs. */
export { AttachmentPicker } from '../../../apps/web/src/components/form/attachment-picker';
export { FormItem, type FormItemProps } from '../../../apps/web/src/components/form/form-item';
export { UploadInput, type UploadKind } from '../../../apps/web/src/components/form/upload-input';
