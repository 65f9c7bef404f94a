/**
 * What an empty list says instead of a bare "No data": with no search active, that the list
 * has nothing yet, and (when the list has an add button the administrator may use) how to
 * add the first record; with a search active, that nothing matches, and a button clearing it.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

export interface EmptyGuideProps {
  /** The list's title as shown (already translated); empty for none. */
  title: string;
  loading: boolean;
  searching: boolean;
  /** Set when the list offers add to this administrator. */
  onAdd?: () => void;
  onClearSearch(): void;
}

export function EmptyGuide({ title, loading, searching, onAdd, onClearSearch }: EmptyGuideProps) {
  const { t } = useTranslation();
  // The first load has not answered yet: nothing to say.
  if (loading) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={null} />;
  if (searching) {
    return (
      <Empty
        data-testid="list-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('Nothing matches the search.')}
      >
        <Button onClick={onClearSearch}>{t('Clear search')}</Button>
      </Empty>
    );
  }
  const text = title ? t('No records in {title} yet.', { title }) : t('No records yet.');
  return (
    <Empty data-testid="list-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text}>
      {onAdd && (
        // Worded apart from the toolbar's Add, so the two buttons have names of their own.
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {t('Create the first one')}
        </Button>
      )}
    </Empty>
  );
}
