import { answerQrCodeRequests } from './qr-code-svg.ts';

// Draws ticket QR codes off the main thread (see ticket-qr-code.tsx).
answerQrCodeRequests(self as unknown as Worker);
