/**
 * "You have worked today": a timer that ticks every second, can take a break, and starts
 * again each day. Kept in localStorage `workingTime` as unix seconds, as the original does.
 */
import { CoffeeOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface WorkingTime {
  /** Y-M-D, not zero-padded. */
  date: string;
  startTime: number;
  /** Seconds of breaks already taken. */
  pauseTime: number;
  /** When the current break began; 0 while working. */
  startPauseTime: number;
}

const KEY = 'workingTime';
const seconds = () => Math.floor(Date.now() / 1000);
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
};

function readWorkingTime(): WorkingTime {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as WorkingTime | null;
    if (saved && saved.date === today()) return saved;
  } catch {
    // A damaged entry starts a fresh day.
  }
  const fresh = { date: today(), startTime: seconds(), pauseTime: 0, startPauseTime: 0 };
  localStorage.setItem(KEY, JSON.stringify(fresh));
  return fresh;
}

function workedSeconds(state: WorkingTime, at: number): number {
  const breakNow = state.startPauseTime ? at - state.startPauseTime : 0;
  return Math.max(0, at - state.startTime - state.pauseTime - breakNow);
}

export function WorkingTimeCard() {
  const { t } = useTranslation();
  const [state, setState] = useState(readWorkingTime);
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);

  const toggle = () => {
    const at = seconds();
    const next = state.startPauseTime
      ? { ...state, pauseTime: state.pauseTime + at - state.startPauseTime, startPauseTime: 0 }
      : { ...state, startPauseTime: at };
    localStorage.setItem(KEY, JSON.stringify(next));
    setState(next);
  };

  const total = workedSeconds(state, seconds());
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor((total % 86_400) / 3600);
  return (
    <Card className="ba-working-time">
      <CoffeeOutlined style={{ fontSize: 28, color: '#409eff' }} />
      <div>{t('dashboard.You have worked today')}</div>
      <div className="ba-working-time-value" data-testid="working-time">
        {days > 0 ? `${days}${t('dashboard.Day', { count: days })} ` : ''}
        {hours}
        {t('dashboard.Hour')}
        {pad(Math.floor((total % 3600) / 60))}
        {t('dashboard.Minute')}
        {pad(total % 60)}
        {t('dashboard.Second')}
      </div>
      <Button size="small" onClick={toggle}>
        {t(state.startPauseTime ? 'dashboard.Continue to work' : 'dashboard.have a bit of rest')}
      </Button>
    </Card>
  );
}
