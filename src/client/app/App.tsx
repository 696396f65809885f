import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';

export function App() {
  return (
    <MantineProvider>
      <main>技能人才评价服务管理平台</main>
    </MantineProvider>
  );
}
