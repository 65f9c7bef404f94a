/**
 * "Send" beside a verification-code field: the form's own fields are checked first, then
 * an image captcha is asked for, then the code goes out by e-mail or SMS, and the button
 * counts down the 60 seconds before another may be sent.
 */
import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CodeRequest, sendCode } from '../../api/frontend/account';
import { useMemberCenterStore } from '../../stores/member-center';
import { CaptchaInput, newCaptchaId } from '../login/captcha-input';

const RESEND_SECONDS = 60;

/** `size` matches the code field beside it (the registration form's fields are large). */
export function SendCodeButton({
  prepare,
  size,
}: {
  prepare: () => Promise<CodeRequest | null>;
  size?: 'large';
}) {
  const { t } = useTranslation();
  const [request, setRequest] = useState<CodeRequest | null>(null);
  const [captchaId, setCaptchaId] = useState(newCaptchaId);
  const [answer, setAnswer] = useState('');
  const [sending, setSending] = useState(false);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const captchaOn = useMemberCenterStore((s) => s.sendCodeCaptcha);

  const open = async () => {
    const prepared = await prepare();
    if (!prepared) return;
    if (!captchaOn) return void send(prepared);
    setCaptchaId(newCaptchaId());
    setAnswer('');
    setRequest(prepared);
  };

  const send = async (request: CodeRequest | null) => {
    if (!request || (captchaOn && answer.trim() === '')) return;
    setSending(true);
    try {
      await sendCode(request, captchaOn ? { captchaId, captcha: answer.trim() } : {});
      setRequest(null);
      setLeft(RESEND_SECONDS);
    } catch {
      // A captcha is good for one try.
      setCaptchaId(newCaptchaId());
      setAnswer('');
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button
        type="primary"
        size={size}
        disabled={left > 0}
        onClick={() => void open()}
        data-testid="send-code"
      >
        {left > 0 ? t('account.{seconds} seconds', { seconds: left }) : t('account.Send')}
      </Button>
      <Modal
        open={request !== null}
        title={t('account.Please enter the captcha')}
        onCancel={() => setRequest(null)}
        onOk={() => void send(request)}
        okButtonProps={{ loading: sending, disabled: answer.trim() === '', id: 'send-code-confirm' }}
        width={360}
        destroyOnHidden
      >
        <CaptchaInput
          captchaId={captchaId}
          onRefresh={() => setCaptchaId(newCaptchaId())}
          value={answer}
          onChange={setAnswer}
        />
      </Modal>
    </>
  );
}
