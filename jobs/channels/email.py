"""E-mail (SMTP) delivery: one SMTP conversation per message, cut off at the delivery deadline."""
from __future__ import annotations

import smtplib
import socket
import ssl
import threading
from email.message import EmailMessage

from jobs.channels.text import body_text, header_value, subject
from settings import get_settings


def send_email(to: str, subject_line: str, body: str) -> None:
    """One SMTP conversation, cut off at the delivery deadline by a watchdog that shuts the socket."""
    s = get_settings()
    message = EmailMessage()
    message["From"] = header_value(s.mail_from)
    message["To"] = header_value(to)
    message["Subject"] = header_value(subject_line)
    message.set_content(body)
    smtp = smtplib.SMTP(timeout=s.notify_deadline_s)
    expired = threading.Event()

    def cut_off() -> None:
        expired.set()
        sock = smtp.sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)  # wakes a blocked recv/send at once
            except OSError:
                pass

    watchdog = threading.Timer(s.notify_deadline_s, cut_off)
    watchdog.daemon = True
    watchdog.start()
    try:
        smtp.connect(s.smtp_host, s.smtp_port)
        if s.smtp_starttls:
            smtp.starttls(context=ssl.create_default_context())  # verifies the server certificate
        if s.smtp_user:
            smtp.login(s.smtp_user, s.smtp_password.get_secret_value() if s.smtp_password else "")
        smtp.send_message(message)
        smtp.quit()
    except Exception as exc:
        if expired.is_set():
            raise TimeoutError(f"no answer within the {s.notify_deadline_s:g} s delivery deadline") from exc
        raise
    finally:
        watchdog.cancel()
        smtp.close()


def send(entry: dict, target: str) -> None:
    send_email(target, subject(entry), body_text(entry))
