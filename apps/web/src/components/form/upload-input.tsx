/**
 * image, images, file and files inputs (as in the original): checked in the browser, sent
 * to the upload endpoint with progress, picked from the attachment library, and several
 * files reordered by dragging. A single file's value is its URL; several are an array, or
 * a comma-joined text when the value came as text.
 */

import { PlusOutlined, UnorderedListOutlined, UploadOutlined } from '@ant-design/icons';
import { DndContext, type DragEndEvent, PointerSensor, useSensor } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, notification, Upload, type UploadFile } from 'antd';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAxios } from '../../api/request';
import { useSiteConfig } from '../../stores/site-config';
import { AttachmentPicker } from './attachment-picker';
import { uploadProblem } from './upload-checks';

export type UploadKind = 'image' | 'images' | 'file' | 'files';

interface Props {
  kind: UploadKind;
  value?: string | string[];
  onChange?(value: string | string[]): void;
  /** Where files go: the back-office or the member centre. */
  area?: 'admin' | 'api';
  limit?: number;
}

function urlsOf(value: string | string[] | undefined): string[] {
  if (Array.isArray(value)) return value.filter(Boolean);
  return value ? value.split(',').filter(Boolean) : [];
}

/**
 * The picker offers images only, but a file dropped or chosen anyway is let through to the
 * check below, which says why it is refused (antd would drop it without a word).
 */
const IMAGE_ACCEPT = { format: 'image/*', filter: 'native' } as const;

/** Checks a chosen file against the upload settings: a refused file is explained and not sent. */
export function useUploadCheck(): (file: File) => boolean {
  const { t } = useTranslation();
  const upload = useSiteConfig((s) => s.upload);
  return (file) => {
    const problem = uploadProblem(file, upload);
    if (problem) notification.error({ title: t(problem) });
    return problem === null;
  };
}

export function UploadInput({ kind, value, onChange, area = 'admin', limit }: Props) {
  const { t } = useTranslation();
  const acceptable = useUploadCheck();
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [picking, setPicking] = useState(false);
  const multiple = kind === 'images' || kind === 'files';
  const max = multiple ? (limit ?? 0) : 1;
  const urls = urlsOf(value);

  const emit = (next: string[]) => {
    // Over the limit, the newest files stay.
    const kept = max > 0 ? next.slice(-max) : next;
    if (!multiple) onChange?.(kept[0] ?? '');
    else onChange?.(Array.isArray(value) || value === undefined ? kept : kept.join(','));
  };

  const send = async (file: File & { uid: string }) => {
    if (!acceptable(file)) return;
    const form = new FormData();
    form.append('file', file);
    try {
      const { data } = await createAxios<{ file: { url: string } }>({
        url: `/${area}/ajax/upload`,
        method: 'post',
        data: form,
        onUploadProgress: (event) =>
          setProgress((p) => ({
            ...p,
            [file.uid]: Math.round(((event.loaded ?? 0) / (event.total || file.size)) * 100),
          })),
      });
      emit([...urls, data.file.url]);
    } catch {
      // The request layer has shown why; the failed file is not kept.
    } finally {
      setProgress(({ [file.uid]: _done, ...rest }) => rest);
    }
  };

  const fileList: UploadFile[] = [
    ...urls.map((url, index) => ({
      uid: `${index}:${url}`,
      name: url.split('/').pop() ?? url,
      status: 'done' as const,
      url,
    })),
    ...Object.entries(progress).map(([uid, percent]) => ({
      uid,
      name: '…',
      status: 'uploading' as const,
      percent,
    })),
  ];
  const image = kind === 'image' || kind === 'images';
  const full = max > 0 && urls.length >= max && multiple;
  const sensor = useSensor(PointerSensor, { activationConstraint: { distance: 4 } });

  // Several files are put in order by dragging them.
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = fileList.findIndex((file) => file.uid === active.id);
    const to = fileList.findIndex((file) => file.uid === over.id);
    if (from < 0 || to < 0 || from >= urls.length || to >= urls.length) return;
    emit(arrayMove(urls, from, to));
  };

  return (
    <div className={`ba-upload ba-upload-${kind}`}>
      <DndContext sensors={[sensor]} onDragEnd={onDragEnd}>
        <SortableContext items={fileList.map((file) => file.uid)}>
          <Upload
            accept={image ? IMAGE_ACCEPT : undefined}
            listType={image ? 'picture-card' : 'text'}
            multiple={multiple}
            fileList={fileList}
            customRequest={({ file }) => void send(file as File & { uid: string })}
            onRemove={(removed) => emit(urls.filter((_, index) => `${index}:${urls[index]}` !== removed.uid))}
            onPreview={(file) => file.url && window.open(file.url, '_blank', 'noopener')}
            itemRender={(node, file) => (multiple ? <SortableItem id={file.uid}>{node}</SortableItem> : node)}
          >
            {image ? (
              !full && (
                <div className="ba-upload-plus">
                  <PlusOutlined />
                </div>
              )
            ) : (
              <Button type="primary" icon={<UploadOutlined />}>
                {t('Upload')}
              </Button>
            )}
          </Upload>
        </SortableContext>
      </DndContext>
      {/* The library lists every upload of the site: members only upload their own. */}
      {area === 'admin' && (
        <Button
          size="small"
          icon={<UnorderedListOutlined />}
          onClick={() => setPicking(true)}
          className="ba-upload-choose"
        >
          {t('utils.choice')}
        </Button>
      )}
      {picking && (
        <AttachmentPicker
          images={image}
          limit={max > 0 ? Math.max(0, max - (multiple ? urls.length : 0)) : 0}
          onClose={() => setPicking(false)}
          onChoose={(chosen) => {
            setPicking(false);
            emit(multiple ? [...urls, ...chosen] : chosen.slice(-1));
          }}
        />
      )}
    </div>
  );
}

function SortableItem({ id, children }: { id: string; children: ReactElement }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        cursor: 'move',
        opacity: isDragging ? 0.6 : 1,
      }}
      {...attributes}
      {...listeners}
    >
      {children}
    </div>
  );
}
