import fs from 'node:fs'
import path from 'node:path'
import nodemailer from 'nodemailer'

interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/** SMTP when a URL is given; otherwise one .eml file per mail in the outbox folder. */
export function createMailer(opts: { smtpUrl: string | null; outboxDir: string; from: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail })
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  let counter = 0
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail })
      await fs.promises.mkdir(opts.outboxDir, { recursive: true })
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_')
      const file = path.join(opts.outboxDir, `${Date.now()}-${process.pid}-${++counter}-${safeTo}.eml`)
      await fs.promises.writeFile(file, info.message as Buffer)
    },
  }
}
