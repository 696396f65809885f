// Mainland China mobile numbers: 11 digits, 1 then a 3-9 network digit.
export const MOBILE_PHONE_PATTERN = /^1[3-9]\d{9}$/;

export const validatePhone = (value: string) => MOBILE_PHONE_PATTERN.test(value);

/** 138****8000, for logs and messages that must not show the whole number. */
export const maskPhone = (value: string) =>
  value.length === 11 ? `${value.slice(0, 3)}****${value.slice(7)}` : value;
