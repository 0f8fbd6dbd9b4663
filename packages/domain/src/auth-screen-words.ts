/**
 * The signed-out screens' words (/auth's login, register and code views, /forgot-password and the
 * social sign-in's return): apart from authMessages, which the server and the session's start
 * and end read too.
 */
import { words, type Catalogues } from './common/words.js';

export const authScreenWords = words(
  'authScreens',
  {
    // The card around every signed-out screen.
    home: 'Kuku home',
    tagline: 'Poultry farm management for Kenyan farmers',
    // /auth's three views.
    loginTitle: 'Welcome back',
    loginIntro: 'Log in to manage your farm.',
    registerTitle: 'Create your account',
    registerIntro: 'Start your 30-day free trial. No payment needed.',
    verifyTitle: 'Verify your email',
    verifyIntro: 'One last step before you can log in.',
    // The login form.
    identifier: 'Email or Username',
    forgot: 'Forgot password?',
    login: 'Login',
    or: 'or',
    newToKuku: 'New to Kuku?',
    createAccount: 'Create an account',
    // The register form.
    username: 'Username',
    usernameHint: 'Letters, digits and _',
    email: 'Email',
    register: 'Register',
    haveAccount: 'Already have an account?',
    registerFailed: 'Registration failed. Please try again.',
    // The code (OTP) form and its boxes.
    otp: 'OTP',
    otpDigit: (digit: number, of: number) => `OTP digit ${digit} of ${of}`,
    codeSentTo: 'Enter the 6-digit code we sent to {email}.',
    verify: 'Verify',
    resend: 'Resend OTP',
    resendIn: (seconds: number) => `Resend OTP in ${seconds}s`,
    resendFailed: 'Could not send a new code. Please try again.',
    cancel: 'Cancel',
    back: 'Back',
    // /forgot-password.
    forgotTitle: 'Forgot password',
    forgotIntro: 'Enter your account email and we will send you a 6-digit code to reset your password.',
    sendCode: 'Send OTP',
    sendFailed: 'Could not send the code. Please try again.',
    resetTitle: 'Reset password',
    resetIntro: (email: string) => `Enter the code sent to ${email} and choose a new password.`,
    reset: 'Reset Password',
    resetFailed: 'Could not reset your password. Please try again.',
    // The social sign-in's return.
    completing: 'Completing sign-in...',
  },
  { sw: () => import('./sw/auth-screen-words.js') as Promise<Catalogues> },
);
