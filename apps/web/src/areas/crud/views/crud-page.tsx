/**
 * The CRUD generator's screen (menu rule `crud/crud`): the Start step, then the designer of the
 * design it started. Giving up returns to Start.
 */
import { useState } from 'react';
import type { Design } from '../design/model';
import './crud.css';
import { Designer } from './designer';
import { Start } from './start';
import type { Go } from './use-generate';

export function CrudScreen({ go }: { go?: Go }) {
  const [design, setDesign] = useState<Design | null>(null);
  // A new key per start: the designer begins afresh from each design.
  const [round, setRound] = useState(0);
  if (!design)
    return (
      <Start
        onStart={(started) => {
          setRound(round + 1);
          setDesign(started);
        }}
      />
    );
  return <Designer key={round} initial={design} onGiveUp={() => setDesign(null)} go={go} />;
}

export default function CrudPage() {
  return <CrudScreen />;
}
