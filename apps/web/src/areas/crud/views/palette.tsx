/** The left pane: the field kinds in the original's groups; drag one onto the canvas, or click it to append. */
import { FIELD_PALETTE, type PaletteItem } from '@portico/shared/crud-design';
import { Button, Card, Collapse } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DragRef, startDrag } from './drag';

const GROUPS: { group: PaletteItem['group']; title: string }[] = [
  { group: 'common', title: 'crud.crud.Common Fields' },
  { group: 'base', title: 'crud.crud.Base Fields' },
  { group: 'senior', title: 'crud.crud.Advanced Fields' },
];

export function Palette({ drag, onAdd }: { drag: DragRef; onAdd: (item: PaletteItem) => void }) {
  const { t } = useTranslation();
  return (
    <Card size="small" data-testid="crud-palette" styles={{ body: { padding: 0 } }}>
      <Collapse
        ghost
        defaultActiveKey={GROUPS.map((g) => g.group)}
        items={GROUPS.map(({ group, title }) => ({
          key: group,
          label: t(title),
          children: (
            <div className="crud-palette-items">
              {FIELD_PALETTE.filter((item) => item.group === group).map((item) => (
                <Button
                  key={item.key}
                  size="small"
                  className="crud-palette-item"
                  draggable
                  onDragStart={(event) => startDrag(drag, { kind: 'palette', key: item.key }, event)}
                  onClick={() => onAdd(item)}
                >
                  {t(`crud.palette.${item.key}`)}
                </Button>
              ))}
            </div>
          ),
        }))}
      />
    </Card>
  );
}
