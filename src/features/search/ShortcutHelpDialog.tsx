import { styled } from '@mui/material/styles';
import { copy } from '../../shared/copy';
import { Modal } from '../../shared/ui/Modal';

const Table = styled('table')(({ theme }) => ({
  width: '100%',
  marginTop: '1.6rem',
  borderCollapse: 'collapse',
  fontSize: '1.4rem',
  '& td': { padding: '0.6rem 0', borderBottom: `1px solid ${theme.palette.grey[200]}` },
  '& td:first-of-type': { width: '12rem', whiteSpace: 'nowrap' },
  '& kbd': {
    display: 'inline-block',
    minWidth: '2.2rem',
    marginRight: '0.4rem',
    padding: '0.1rem 0.6rem',
    border: `1px solid ${theme.palette.grey[300]}`,
    borderRadius: '0.4rem',
    font: 'inherit',
    fontSize: '1.2rem',
    textAlign: 'center',
    backgroundColor: theme.palette.grey[200],
  },
  '& .then': { marginRight: '0.4rem', color: theme.palette.text.secondary, fontSize: '1.2rem' },
}));

const Note = styled('p')(({ theme }) => ({
  margin: '1.6rem 0 0',
  fontSize: '1.2rem',
  color: theme.palette.text.secondary,
}));

/** `?`: every keyboard shortcut of the workspace (docs/product.md "Search"). */
export default function ShortcutHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const text = copy.search;
  return (
    <Modal open={open} onClose={onClose} title={text.helpTitle} width="44rem" closeButton>
      <Table>
        <tbody>
          {text.shortcuts.map(({ keys, label }) => (
            <tr key={label} data-testid="shortcut-row">
              <td>
                {keys.map((key, index) => (
                  <span key={index}>
                    {/* `G` then `I`: a sequence, not a chord. */}
                    {index > 0 && keys[0] === 'G' && <span className="then">→</span>}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{label}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Note>{text.helpNote}</Note>
    </Modal>
  );
}
