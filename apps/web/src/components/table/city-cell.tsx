/** A list's `city` cell: the area names of the stored ids, as the city cascader shows them. */
import { useEffect, useState } from 'react';
import { areaNames } from '../form/area-options';

/** Antd's cascader joins a picked path's labels so. */
const SEPARATOR = ' / ';

export function CityCell({ value }: { value: unknown }) {
  const stored = value === null || value === undefined ? '' : String(value);
  // The stored ids until the names are read (and if they cannot be).
  const [shown, setShown] = useState(stored.split(',').filter(Boolean).join(SEPARATOR));
  useEffect(() => {
    let current = true;
    areaNames(stored)
      .then((names) => current && setShown(names.join(SEPARATOR)))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [stored]);
  return shown ? <span>{shown}</span> : null;
}
