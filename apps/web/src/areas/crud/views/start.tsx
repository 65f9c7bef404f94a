/** The Start step: create from nothing, design an existing table, or open the generator's record. */
import { DatabaseOutlined, FileAddOutlined, HistoryOutlined } from '@ant-design/icons';
import { Card, Col, Row, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Design, newDesign } from '../design/model';
import { LogDialog } from './log-dialog';
import { SelectTableDialog } from './select-table-dialog';

function StartCard({
  icon,
  title,
  text,
  onOpen,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  onOpen: () => void;
}) {
  return (
    <Col xs={24} md={8}>
      <Card
        hoverable
        role="button"
        tabIndex={0}
        onClick={onOpen}
        onKeyDown={(e) => e.key === 'Enter' && onOpen()}
      >
        <Card.Meta avatar={icon} title={title} description={text} />
      </Card>
    </Col>
  );
}

export function Start({ onStart }: { onStart: (design: Design) => void }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'table' | 'log' | null>(null);
  const close = () => setDialog(null);
  return (
    <div data-testid="crud-start">
      <Typography.Title level={4}>{t('crud.crud.start')}</Typography.Title>
      <Row gutter={[12, 12]} className="crud-start-cards">
        <StartCard
          icon={<FileAddOutlined />}
          title={t('crud.crud.create')}
          text={t('crud.crud.New background CRUD from zero')}
          onOpen={() => onStart(newDesign('create'))}
        />
        <StartCard
          icon={<DatabaseOutlined />}
          title={t('crud.crud.Select Data Table')}
          text={t('crud.crud.Select a designed data table from the database')}
          onOpen={() => setDialog('table')}
        />
        <StartCard
          icon={<HistoryOutlined />}
          title={t('crud.crud.CRUD record')}
          text={t('crud.crud.Start with previously generated CRUD code')}
          onOpen={() => setDialog('log')}
        />
      </Row>
      {dialog === 'table' && <SelectTableDialog onStart={onStart} onClose={close} />}
      {dialog === 'log' && <LogDialog onStart={onStart} onClose={close} />}
    </div>
  );
}
